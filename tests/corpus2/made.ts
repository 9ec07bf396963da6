/** What a template returns: the document's pages, its type key and how a separator sheet names it. */
import type { Ctx } from './blocks';
import type { SheetPage } from './sheet';

export interface Made {
  typeKey: string;
  pages: SheetPage[];
  title: string;
  /** EAMS document unit and type, as a separator sheet prints them. */
  unit: string;
  docType: string;
  author: string;
}

export type Template = (ctx: Ctx) => Made;

/** Type keys the default taxonomy lacks; the `types` helper adds them (see TEAM.md). */
export const RFA_KEY = 'request_for_authorization';
export const SUBSTITUTION_KEY = 'substitution_of_attorney';
