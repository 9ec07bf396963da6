/**
 * The Request for Authorization, the Substitution of Attorney / Notice of Representation, and PR-2
 * progress reports whose title is not the form's own: first pages written for these tests, in
 * layouts the fixtures do not use (a fax-filled form, a letterhead notice, a narrative PR-2).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { classifyDocument } from './classify';
import { ocrDamage } from './fixtures';

const typeOf = (text: string): string | null => classifyDocument(text, DEFAULT_TAXONOMY).typeKey;

const RFA_FILLED = `Page 1 of 2
Request for Authorization          DWC Form RFA
State of California - Division of Workers' Compensation
Attach a Doctor's First Report, Form DLSR 5021, a PR-2 or an equivalent narrative report that
supports each treatment requested below.
[ ] Resubmission - Change in Material Facts    [X] New Request
[ ] Written confirmation of a prior oral request
Employee Information
Name (Last, First, Middle): OKAFOR, CHIDI A.     Date of Injury: 08/30/2023
Claim Number: WC-771-20931      Employer: Harbor Freight Lines
Requesting Physician Information
Name: Lena Whitcomb, D.O.   Practice: Coastline Spine and Sports Medicine   NPI 1588201746
Claims Administrator Information
Company: Sedgwick CMS, Long Beach   Adjuster: D. Ferreira
Requested Treatment
Diagnosis (Required): Cervical disc displacement   ICD-Code (Required): M50.20
Service/Good Requested (Required): Physical therapy, cervical spine
CPT/HCPCS Code: 97110, 97140   Other Information: 2x per week for 6 weeks
Requesting Physician Signature: ____________________   Date: 11/02/2023`;

const RFA_NARRATIVE_TOP = `COASTLINE SPINE AND SPORTS MEDICINE
2440 Pacific Coast Highway, Torrance, CA 90505
REQUEST FOR AUTHORIZATION
Patient: Chidi Okafor      DOI: 08/30/2023      Claim #: WC-771-20931
To: Sedgwick CMS, Utilization Review Unit, fax (562) 555-0190
The requesting physician asks that the following treatment be authorized under the MTUS:
1. MRI of the cervical spine without contrast (CPT 72141).
2. Orthopedic spine consultation.
The substantiating report, a PR-2 dated 11/02/2023, is attached. An expedited review is not
requested.`;

const PR2_NARRATIVE = `COASTLINE SPINE AND SPORTS MEDICINE
2440 Pacific Coast Highway, Torrance, CA 90505
Treating Physician's Progress Report
Patient: Chidi Okafor   Date of visit: 12/14/2023   Date of injury: 08/30/2023
Employer: Harbor Freight Lines   Claim: WC-771-20931
Reason for report: periodic report, change in treatment plan
Subjective Complaints: neck pain is 5/10, worse with overhead reaching; numbness in the right
hand at night.
Objective Findings: cervical range of motion reduced by a third; Spurling's test positive on
the right.
Diagnosis: cervical disc displacement, right C6 radiculopathy.
Treatment Plan: continue therapy; an RFA for an epidural injection is sent today.
Work Status: modified work, no lifting over 15 lbs, until the next visit in four weeks.`;

const PR2_MIXED_CASE = `Harbor Occupational Health
Primary Treating Physician Progress Report
Patient name: Chidi Okafor        DOI 08/30/2023        Claim no. WC-771-20931
History: The patient returns for follow up of the neck. Physical examination shows tender
paraspinal muscles. Impression: cervical strain, improving.
Plan: home exercise program. Return to clinic in 30 days.
Work status: return to full duty on 01/08/2024.
PTP signature: Lena Whitcomb, D.O.`;

const PR2_PTP_FOLLOW_UP = `PTP FOLLOW-UP REPORT
Patient: Chidi Okafor   Seen: 12/14/2023   DOI: 08/30/2023
Subjective: neck pain, better with therapy. Objective: range of motion reduced by a quarter.
Diagnosis: cervical radiculopathy. Plan: six more therapy visits.
Work status: modified duty, no overhead work.`;

const PR2_LETTERHEAD_TITLE = `Coastline Spine and Sports Medicine
Treating Physician's Progress Report
Patient: Chidi Okafor   Date of service: 12/14/2023   DOI: 08/30/2023
Chief complaint: neck pain.
History of present illness: the neck pain still travels into the right arm at night.
Physical examination: range of motion reduced. Vital signs normal.
Diagnosis: cervical radiculopathy. Impression: unchanged since the last visit.
Plan: continue physical therapy.`;

const SUBSTITUTION = `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA

CHIDI OKAFOR,                               ADJ18820455
           Applicant,
      v.
HARBOR FREIGHT LINES; SEDGWICK CMS,         SUBSTITUTION OF ATTORNEY
           Defendants.

The applicant hereby substitutes Delgado & Finch, 310 Pine Avenue, Long Beach, CA 90802,
telephone (562) 555-0144, as attorney of record in place and stead of Marlowe Law Offices.
Date: 02/06/2024        Applicant: ______________________
Marlowe Law Offices consents to this substitution.   Date: 02/06/2024
Delgado & Finch accepts this substitution.           Date: 02/07/2024`;

const NOTICE_OF_REPRESENTATION = `DELGADO & FINCH
310 Pine Avenue, Long Beach, CA 90802
Attorneys for Applicant

Chidi Okafor v. Harbor Freight Lines; Sedgwick CMS
EAMS No.: ADJ18820455

NOTICE OF REPRESENTATION

TO ALL PARTIES AND THEIR ATTORNEYS OF RECORD:
Please take notice that Delgado & Finch has been retained by the applicant and is now the
applicant's attorney of record in this matter. Please direct all future notices, medical reports
and correspondence to this office at the address above.
Dated: 02/07/2024                       Rosa Delgado, Esq.`;

describe('new default types', () => {
  it('takes a filled-in DWC Form RFA for a Request for Authorization, not a PR-2', () => {
    expect(typeOf(RFA_FILLED)).toBe('request_for_authorization');
    expect(typeOf(ocrDamage(RFA_FILLED, 7, 0.04))).toBe('request_for_authorization');
  });

  it('takes a letterhead request for authorization for one too', () => {
    expect(typeOf(RFA_NARRATIVE_TOP)).toBe('request_for_authorization');
  });

  it('calls a progress report titled other than the form a PR-2, not a Medical Report', () => {
    expect(typeOf(PR2_NARRATIVE)).toBe('pr2');
    expect(typeOf(PR2_MIXED_CASE)).toBe('pr2');
    expect(typeOf(PR2_PTP_FOLLOW_UP)).toBe('pr2');
    expect(typeOf(PR2_LETTERHEAD_TITLE)).toBe('pr2');
    expect(typeOf(ocrDamage(PR2_NARRATIVE, 3, 0.04))).toBe('pr2');
  });

  it('recognises a substitution of attorney and a notice of representation', () => {
    expect(typeOf(SUBSTITUTION)).toBe('substitution_of_attorney');
    expect(typeOf(NOTICE_OF_REPRESENTATION)).toBe('substitution_of_attorney');
  });

  it("takes a deposition notice whose title sits in the caption's right column for one, even with its proof of service behind it", () => {
    const notice = `Tomas Reyes, SBN 201144
Reyes Defense Group, 12 Orchard Lane, Visalia, CA 93291
Attorneys for Defendants

WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA

PRIYA NAIR,                                 Case No. ADJ17730021
            Applicant,
      vs.                                   NOTICE OF TAKING
VALLEY CITRUS GROWERS; ORCHARD MUTUAL       APPLICANT'S DEPOSITION
INSURANCE,
            Defendants.

Defendants will depose the applicant on 03/14/2025 at 9:30 a.m. at the office above. A
certified shorthand reporter will record it; a Punjabi interpreter has been arranged.
Dated: 02/10/2025                          Tomas Reyes`;
    const service = `PROOF OF SERVICE
I am over the age of 18 and not a party to this case. On 02/10/2025 I served the foregoing
notice by placing a true copy in the mail, addressed to each person on the service list.`;
    expect(classifyDocument(`${notice}\n${service}`, DEFAULT_TAXONOMY).typeKey).toBe(
      'deposition_notice',
    );
  });
});
