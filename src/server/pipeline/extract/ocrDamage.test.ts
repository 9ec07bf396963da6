/**
 * Field reading through OCR damage, one case per class of damage seen on scanned bundles: form box
 * sides read as other glyphs, specks inside values and party lists, ";" read as ":", a caption's
 * right-hand title run onto the parties' lines, specks before "vs." and labels, a gap opened
 * inside a firm's name and blank lines set between an address and its claim block.
 */
import { describe, expect, it } from 'vitest';
import { findClaimNumbers } from './claim';
import { openFormBoxes } from './ocr';
import { findParties } from './parties';

describe('form box sides as OCR reads them', () => {
  it.each([
    ['Claim No.: [ 31-884120-WC-02 }', '31-884120-WC-02'],
    ['Claim Number: [ K55T20931 J]', 'K55T20931'],
    ['Carrier Claim #: [.0918273-004 ]', '0918273-004'],
    ['Claim No.: { AB7720115 ] ;', 'AB7720115'],
  ])('reads the value of %s', (line, claim) => {
    expect(findClaimNumbers(`NOTICE\n${line}\nDate: 1/2/2024`)).toEqual([claim]);
  });

  it('opens a box closed by a thin letter after a space', () => {
    expect(
      findParties('Claims Administrator: { Ridgecrest Claims Services, Inc. J\n').defendants,
    ).toEqual(['Ridgecrest Claims Services, Inc.']);
  });

  it("reads a box whose 'J' side OCR glued to the name's last initial", () => {
    expect(findParties('Employee (Last, First, M.I.): [ OKONKWO, SOCORRO SJ\n').applicant).toBe(
      'OKONKWO, SOCORRO S',
    );
  });

  it('leaves tick boxes and brackets inside sentences alone', () => {
    expect(openFormBoxes('Type: [X] MSC')).toBe('Type: [X] MSC');
    expect(openFormBoxes('Note: see [1] and [2] below.')).toBe('Note: see [1] and [2] below.');
  });
});

describe('claim numbers with a speck read as a period', () => {
  it('drops a lone period inside a number grouped by nothing else', () => {
    expect(findClaimNumbers('Claim No.: 551.8QT2040')).toEqual(['5518QT2040']);
  });
  it('keeps a period that sets off a short suffix or groups the number', () => {
    expect(findClaimNumbers('Claim No.: 7781204.002')).toEqual(['7781204.002']);
    expect(findClaimNumbers('Claim No.: 12.345.678')).toEqual(['12.345.678']);
  });
});

const caption = (
  parties: string,
  title = 'PETITION FOR PENALTIES',
  rest = '',
) => `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
LUCIA P. FERREIRA,   Case No. ADJ10293847
Applicant,
vs.   ${title}
${parties}
Defendants.

${rest}`;

describe('party lists through OCR', () => {
  it('reads a ";" that OCR read as ":" after a firm ending', () => {
    const text = caption(
      'ORCHARD VALLEY CANNING, INC.; WESTLAKE MUTUAL COMPANY: PINNACLE\nRISK SERVICES, INC.,',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING, INC.',
      'WESTLAKE MUTUAL COMPANY',
      'PINNACLE RISK SERVICES, INC.',
    ]);
  });

  it('drops specks standing alone between and after the words', () => {
    const text = caption('ORCHARD VALLEY CANNING, INC.; PINNACLE RISK :\nSERVICES, .');
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING, INC.',
      'PINNACLE RISK SERVICES',
    ]);
  });

  it('keeps a spaced slash between two parties', () => {
    expect(
      findParties(
        'Employer: Orchard Valley Canning, Inc. :\nCarrier: Westlake Mutual Fund / Pinnacle Risk Services\n',
      ).defendants,
    ).toEqual(['Orchard Valley Canning, Inc.', 'Westlake Mutual Fund', 'Pinnacle Risk Services']);
  });

  it('reads a firm name across a gap OCR opened inside it', () => {
    expect(findParties('Claims Administrator: Ridgecrest   Claims Services\n').defendants).toEqual([
      'Ridgecrest Claims Services',
    ]);
    // A next column after a firm's full name is not taken.
    expect(
      findParties('Employer: Orchard Valley Canning, Inc.   Claims Services\n').defendant,
    ).toBe('Orchard Valley Canning, Inc.');
  });

  it('reads the section of a claims administrator behind a speck', () => {
    const text = 'Claims Administrator Information __\nCompany Name: Westlake Mutual Fund\n';
    expect(findParties(`Employer: Orchard Valley Canning\n${text}`).defendants).toEqual([
      'Orchard Valley Canning',
      'Westlake Mutual Fund',
    ]);
  });
});

describe("the caption's title run onto the parties' lines", () => {
  it('cuts a joining word and title words, even glued to the last word', () => {
    const text = caption(
      'ORCHARD VALLEY CANNING; WESTLAKE AND SANCTIONS (LAB. CODE 5814)\nMUTUAL FUND; PINNACLEAND DISPOSITION\nRISK SERVICES,',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING',
      'WESTLAKE MUTUAL FUND',
      'PINNACLE RISK SERVICES',
    ]);
  });

  it('cuts words the document prints elsewhere in its title', () => {
    const text = caption(
      'ORCHARD VALLEY CANNING; WESTLAKE\nMUTUAL FUND; PINNACLE OF TREATING PHYSICIAN\nRISK SERVICES,',
      'PETITION FOR CHANGE',
      'ORCHARD v. FERREIRA\nPETITION FOR CHANGE OF TREATING PHYSICIAN\nPage 2 of 2',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING',
      'WESTLAKE MUTUAL FUND',
      'PINNACLE RISK SERVICES',
    ]);
  });

  it('keeps a firm whose name holds "and", and a party the title names', () => {
    const text = caption(
      'HARLOW AND SONS PLUMBING; WESTLAKE MUTUAL FUND,',
      'PETITION FOR CHANGE',
      'PETITION TO JOIN WESTLAKE MUTUAL FUND',
    );
    expect(findParties(text).defendants).toEqual([
      'HARLOW AND SONS PLUMBING',
      'WESTLAKE MUTUAL FUND',
    ]);
  });
});

describe('specks before "vs." and labels', () => {
  it('reads a caption whose "vs." and "Applicant" lines carry specks', () => {
    const text = `LUCIA P. FERREIRA,   Case No. ADJ10293847
Applicant, * -   Claim No. 31-884120-WC-02
'vs. ; .
Orchard Valley Canning;   ORDER TAKING OFF CALENDAR
Westlake Mutual Fund,
Defendants.`;
    const parties = findParties(text);
    expect(parties.applicant).toBe('LUCIA P. FERREIRA');
    expect(parties.defendants).toEqual(['Orchard Valley Canning', 'Westlake Mutual Fund']);
  });

  it('reads a worker label whose colon OCR read as a period first', () => {
    expect(findParties('Patient. (Last, First, M.I.): Ferreira, Lucia\n').applicant).toBe(
      'Ferreira, Lucia',
    );
  });

  it('reads the addressee above a claim block behind a blank line and a speck', () => {
    const text =
      'Westlake Mutual Fund\n12 Main St.\n\nLUCIA P. FERREIRA\n\n.Claim Number: 31-884120-WC-02\nEmployer: Orchard Valley Canning\n';
    expect(findParties(text).applicant).toBe('LUCIA P. FERREIRA');
  });
});

describe('names with letters outside A-Z', () => {
  it('reads a caption, a salutation and a PR-2 name line holding Ñ or an accent', () => {
    const text = caption('ORCHARD VALLEY CANNING; WESTLAKE MUTUAL FUND,').replace(
      'LUCIA P. FERREIRA',
      'LUCÍA P. NÚÑEZ',
    );
    expect(findParties(text).applicant).toBe('LUCÍA P. NÚÑEZ');
    expect(
      findParties('Renata Ibáñez\n41 Elm St.\nFresno, CA\n\nDear Renata Ibáñez:\n').applicant,
    ).toBe('Renata Ibáñez');
    expect(findParties('Last VILLASEÑOR   First TOMÁS\n').applicant).toBe('TOMÁS VILLASEÑOR');
  });

  it('reads a text layer that spells Ñ as N and a combining tilde', () => {
    expect(findParties('Applicant: Yolanda Castan\u0303eda\n').applicant).toBe('Yolanda Castañeda');
  });
});

describe('colons OCR read as ";"', () => {
  it('reads a claim label and a party label whose colon became ";"', () => {
    expect(findClaimNumbers('Claim No.; WC771204458 .\nDOI: 1/2/2024')).toEqual(['WC771204458']);
    expect(
      findParties('Employer: Orchard Valley Canning\nCarrier; Westlake Mutual Insurance Company\n')
        .defendants,
    ).toEqual(['Orchard Valley Canning', 'Westlake Mutual Insurance Company']);
  });

  it('reads no label out of a sentence with a ";"', () => {
    expect(
      findParties('Applicant: Lucia Ferreira\nWe wrote to the carrier; however no answer came.\n')
        .defendants,
    ).toEqual([]);
  });

  it('takes a ";" speck at a line end for no break inside a name', () => {
    const text = caption(
      'ORCHARD VALLEY CANNING; WESTLAKE ; :\nMUTUAL FUND; PINNACLE RISK SERVICES,',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING',
      'WESTLAKE MUTUAL FUND',
      'PINNACLE RISK SERVICES',
    ]);
  });
});

describe('more OCR damage in captions and boxes', () => {
  it('reads "VS:" and an "Applicant," behind a margin speck', () => {
    const text = `LUCIA P. FERREIRA,   Case No. ADJ10293847
.   Applicant,
VS: .   PETITION FOR PENALTIES
ORCHARD VALLEY CANNING; WESTLAKE MUTUAL FUND,
;   Defendants.`;
    const parties = findParties(text);
    expect(parties.applicant).toBe('LUCIA P. FERREIRA');
    expect(parties.defendants).toEqual(['ORCHARD VALLEY CANNING', 'WESTLAKE MUTUAL FUND']);
  });

  it("cuts a title's first line run onto a party without a joining word", () => {
    const text = caption(
      'ORCHARD VALLEY CANNING; WESTLAKE ORDER APPOINTING INTERPRETER\nMUTUAL FUND,',
      '',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING',
      'WESTLAKE MUTUAL FUND',
    ]);
  });

  it('opens a box whose left side OCR read twice', () => {
    expect(findParties('Employer: [{ ORCHARD VALLEY CANNING, INC. }\n').defendant).toBe(
      'ORCHARD VALLEY CANNING, INC.',
    );
  });

  it('opens a box whose label colon OCR read as ";" or whose right side became "j"', () => {
    const text = [
      'Employer: [ Orchard Valley Canning ] :',
      'Insurance Carrier; [ Westlake Mutual Fund ]',
      'Claims Administrator: [ Pinnacle Risk Services j',
    ].join('\n\n');
    expect(findParties(text).defendants).toEqual([
      'Orchard Valley Canning',
      'Westlake Mutual Fund',
      'Pinnacle Risk Services',
    ]);
    // A label no ";" rule knows: the box after it still makes the ";" its colon.
    const slash =
      'Employer: [ Orchard Valley Canning ]\n\nInsurer / Administrator; [ Westlake Mutual Fund; Pinnacle Risk Services ]\n';
    expect(findParties(slash).defendants).toEqual([
      'Orchard Valley Canning',
      'Westlake Mutual Fund',
      'Pinnacle Risk Services',
    ]);
  });

  it("reads a claims administrator's section whose heading ends in a ';' speck", () => {
    const text = 'Claims Administrator Information ;\n\nCompany Name: [ Westlake Mutual Fund ]\n';
    expect(findParties(`Employer: [ Orchard Valley Canning ]\n${text}`).defendants).toEqual([
      'Orchard Valley Canning',
      'Westlake Mutual Fund',
    ]);
  });

  it("takes a long title word out of the party's word OCR glued it to", () => {
    const text = caption(
      'ORCHARD VALLEY CANNING; WESTLAKEFINDINGS AND AWARD\nMUTUAL FUND; PINNACLE RISKPETITION SERVICES,',
      '',
    );
    expect(findParties(text).defendants).toEqual([
      'ORCHARD VALLEY CANNING',
      'WESTLAKE MUTUAL FUND',
      'PINNACLE RISK SERVICES',
    ]);
    expect(
      findParties(caption('Orchard Valley Canning; WestlakeMINUTES Mutual Fund,', '')).defendants,
    ).toEqual(['Orchard Valley Canning', 'Westlake Mutual Fund']);
  });

  it("drops specks opening a party line and a lone small letter among capitals, and reads a firm's colon at a line's end as ';'", () => {
    const text = caption(
      '* PACIFIC CREST HOSPITALITY GROUP; GOLDEN PROOF OF SERVICE\n- BEAR CASUALTY INSURANCE CO.; KEYSTONE a: :\nCLAIMS MANAGEMENT, INC.,',
      '',
    );
    expect(findParties(text).defendants).toEqual([
      'PACIFIC CREST HOSPITALITY GROUP',
      'GOLDEN BEAR CASUALTY INSURANCE CO.',
      'KEYSTONE CLAIMS MANAGEMENT, INC.',
    ]);
    const colon = caption(
      'BAYSHORE MEDICAL LINEN SERVICES;\nHARBORLINE FIRE & CASUALTY COMPANY:\nALDER RISK SERVICES,',
      '',
    );
    expect(findParties(colon).defendants).toEqual([
      'BAYSHORE MEDICAL LINEN SERVICES',
      'HARBORLINE FIRE & CASUALTY COMPANY',
      'ALDER RISK SERVICES',
    ]);
  });
});
