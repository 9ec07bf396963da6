/**
 * Sequence decode over a whole bundle: a beam search over start/continue decisions, page by page,
 * each hypothesis carrying its own running document (so "within the declared length", "running
 * header", "in the exhibits" follow that hypothesis). The score is the sum of log probabilities
 * of the decisions. Hard constraints: page 1 starts, a separator sheet starts a document and the
 * page after it never does (the sheet is the cover of the document behind it), an Opinion on
 * Decision behind a Findings and Award is part of it, and so are an IMR application behind a UR
 * determination and an uncaptioned proof of service behind a document that is served; the page
 * behind a fax cover sheet starts a document.
 */
import {
  continueDocument,
  pageFeatures,
  startDocument,
  type Features,
  type RunningDocument,
} from './features';
import { startProbability, type BoundaryModel } from './model';
import type { PageReading } from './reading';

export interface Decision {
  index: number;
  start: boolean;
  /** Start probability the model gave this page under the chosen hypothesis. */
  p: number;
  features: Features;
}

/** Decisions as a shared linked list, newest first, so hypotheses share their past. */
interface Trail {
  decision: Decision;
  before: Trail | null;
}

interface Hypothesis {
  score: number;
  doc: RunningDocument;
  trail: Trail;
}

const BEAM = 4;
const EPS = 1e-9;

export function decode(readings: PageReading[], model: BoundaryModel): Decision[] {
  const first = readings[0];
  if (!first) return [];
  let beam: Hypothesis[] = [
    {
      score: 0,
      doc: startDocument(first, 0),
      trail: { decision: { index: 0, start: true, p: 1, features: {} }, before: null },
    },
  ];
  for (let i = 1; i < readings.length; i++) {
    const cur = readings[i];
    const prev = readings[i - 1];
    if (!cur || !prev) continue;
    const next: Hypothesis[] = [];
    for (const h of beam) {
      const features = pageFeatures(cur, prev, h.doc, i);
      const p = startProbability(features, model);
      // The WCAB issues an Opinion on Decision as part of its Findings and Award; the IMR
      // application form is enclosed with the UR determination it disputes; a proof of service
      // without its own caption or case line is the last page of the document it serves (the
      // training labels follow the same rule, so a learned weight would only be a weaker copy).
      const attached =
        prev.separator ||
        features.opinionAfterFindings === 1 ||
        features.imrAfterUr === 1 ||
        features.posAfterPleading === 1;
      // A fax cover sheet is a note of its own: what was sent starts behind it.
      const forced = cur.separator || prev.faxCover ? true : attached ? false : null;
      if (forced !== false) {
        next.push({
          score: h.score + (forced ? 0 : Math.log(p + EPS)),
          doc: startDocument(cur, i),
          trail: {
            decision: { index: i, start: true, p: forced ? Math.max(p, 0.99) : p, features },
            before: h.trail,
          },
        });
      }
      if (forced !== true) {
        next.push({
          score: h.score + (forced === false ? 0 : Math.log(1 - p + EPS)),
          doc: continueDocument(h.doc, cur),
          trail: { decision: { index: i, start: false, p, features }, before: h.trail },
        });
      }
    }
    next.sort((a, b) => b.score - a.score);
    beam = next.slice(0, BEAM);
  }
  const out: Decision[] = [];
  for (let t: Trail | null = beam[0]?.trail ?? null; t; t = t.before) out.push(t.decision);
  return out.reverse();
}
