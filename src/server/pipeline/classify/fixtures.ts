/**
 * Test fixtures: short but real-looking first pages of each of the 27 default document types,
 * continuation pages, and an OCR-damage function (l/1, O/0, rn/m, broken words, dropped
 * characters) with a fixed seed so the tests are repeatable. Used by classify and split tests.
 */
import type { DefaultTypeKey } from '../taxonomy/keys';

const CAPTION = (title: string): string => `JOHNSON & PARK, LLP
1200 Wilshire Boulevard, Suite 400
Los Angeles, CA 90017
Attorneys for Applicant

WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA

MARIA LOPEZ,                        Case No. ADJ10234567
        Applicant,
    vs.
ACME WAREHOUSE INC.; ZENITH INSURANCE COMPANY,
        Defendants.

${title}`;

export const FIRST_PAGES: Record<DefaultTypeKey, string> = {
  medical_report: `Valley Orthopedic Medical Group
455 Oak Street, Fresno, CA 93721
INITIAL ORTHOPEDIC EVALUATION
Patient: Maria Lopez   DOB: 04/12/1978   Date of Exam: 03/02/2024
Employer: Acme Warehouse Inc.   Claim No. 5102-88341
CHIEF COMPLAINT: Low back pain radiating to the left leg.
HISTORY OF PRESENT ILLNESS: The patient was lifting boxes on 01/15/2024 when she felt a pop.
PHYSICAL EXAMINATION: Range of motion of the lumbar spine is decreased. Vital signs stable.
DIAGNOSIS: Lumbar strain with radiculopathy.
PLAN: MRI of the lumbar spine, physical therapy twice a week.`,
  pr2: `STATE OF CALIFORNIA
DIVISION OF WORKERS' COMPENSATION
PRIMARY TREATING PHYSICIAN'S PROGRESS REPORT (PR-2)
Check the box(es) which indicate why you are submitting a report at this time.
[X] Periodic Report (required 45 days after last report)  [ ] Change in work status
Patient: Maria Lopez   Date of Injury: 01/15/2024   Claim Number: 5102-88341
Subjective complaints: continued low back pain, 6/10.
Work status: Remain off work until 04/15/2024. Temporarily totally disabled.
Treatment plan: Request for authorization for acupuncture. Next appointment in 4 weeks.
DWC Form PR-2 (Rev. 06/05)`,
  pr4: `PRIMARY TREATING PHYSICIAN'S PERMANENT AND STATIONARY REPORT (PR-4)
Patient: Maria Lopez   Claim Number: 5102-88341   Date of Injury: 01/15/2024
The patient has reached maximal medical improvement and is permanent and stationary as of 09/01/2024.
Impairment rating: 8% whole person impairment per the AMA Guides, Fifth Edition.
Apportionment: 80% industrial, 20% nonindustrial.
Future medical care: anti-inflammatory medication and home exercise.
Permanent work restrictions: no lifting over 25 pounds.
DWC Form PR-4 (Rev. 06/05)`,
  qme_report: `PANEL QUALIFIED MEDICAL EVALUATION
Robert Chen, M.D., Qualified Medical Evaluator
Re: Maria Lopez v. Acme Warehouse Inc.   ADJ10234567   Panel No. 7712345
Date of Evaluation: 06/10/2024
Dear Judge and Parties:
I evaluated the applicant as the panel QME in orthopedics. This comprehensive
medical-legal evaluation is billed under ML-102. I have reviewed the records listed below.
Causation, permanent impairment and apportionment are addressed in this report.`,
  ame_report: `AGREED MEDICAL EVALUATION
Susan Patel, M.D., Agreed Medical Evaluator in Internal Medicine
Re: Maria Lopez v. Acme Warehouse Inc.   ADJ10234567
Date of Evaluation: 07/22/2024
The parties have agreed upon me as the AME in this matter. I was asked to address
causation, temporary disability, permanent impairment and apportionment.
History was obtained from the applicant with the assistance of a Spanish interpreter.`,
  application_for_adjudication: `STATE OF CALIFORNIA
Division of Workers' Compensation
Workers' Compensation Appeals Board
APPLICATION FOR ADJUDICATION OF CLAIM
Case No. ADJ10234567
Injured employee: Maria Lopez, 1820 E 4th Street, Los Angeles CA 90033
Employer: Acme Warehouse Inc.   Insurance carrier: Zenith Insurance Company
The injured employee claims that while employed as a warehouse worker on 01/15/2024
sustained injury arising out of and in the course of employment to the low back and left leg.
DWC-CA form 10232.1 (Rev. 11/2008) Page 1 of 3`,
  declaration_of_readiness: `STATE OF CALIFORNIA
Division of Workers' Compensation
Workers' Compensation Appeals Board
DECLARATION OF READINESS TO PROCEED
Case Number: ADJ10234567   Applicant: Maria Lopez   Employer: Acme Warehouse Inc.
Type of hearing requested: [X] Mandatory Settlement Conference  [ ] Rating MSC  [ ] Status Conference
I have made a good faith effort to resolve the issues listed below.
Issues: temporary disability, permanent disability, self-procured medical treatment.
DWC-CA form 10250.1 (Rev. 11/2008) Page 1 of 2`,
  petition: CAPTION(`PETITION FOR PENALTIES AND SANCTIONS PURSUANT TO LABOR CODE SECTION 5814
Petitioner, applicant Maria Lopez, by and through her attorneys, respectfully requests
that the Workers' Compensation Appeals Board assess a penalty for the unreasonable delay
in payment of temporary disability benefits. In support thereof petitioner alleges:
1. Applicant sustained injury to her low back on 01/15/2024.`),
  answer: CAPTION(`ANSWER TO APPLICATION FOR ADJUDICATION OF CLAIM
Defendant Acme Warehouse Inc., answering the application on file herein, admits and denies
as follows. Defendant denies that applicant sustained injury arising out of and in the course
of employment. Defendant asserts the following affirmative defenses: the statute of limitations,
post-termination claim, and intoxication.`),
  substitution_of_attorney: `${CAPTION('SUBSTITUTION OF ATTORNEYS')}
The applicant, Maria Lopez, hereby substitutes Ruiz Injury Law Group, 88 Fulton Mall,
Fresno, CA 93721, as attorney of record in the place and stead of Johnson & Park, LLP.
Dated: 05/02/2024            ______________________ Maria Lopez, Applicant
I consent to the above substitution.   Johnson & Park, LLP, former attorney
I accept the above substitution.   Ruiz Injury Law Group, new attorney`,
  notice_of_hearing: `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
NOTICE OF HEARING
Case Number: ADJ10234567   Maria Lopez vs. Acme Warehouse Inc.
YOU ARE HEREBY NOTIFIED that a Mandatory Settlement Conference in the above case
will be held on 05/14/2024 at 8:30 AM at the Los Angeles district office,
320 West 4th Street, 9th Floor. Failure to appear may result in dismissal or other orders.
Please take notice and appear at the time and place designated.`,
  minutes_of_hearing: `WORKERS' COMPENSATION APPEALS BOARD
MINUTES OF HEARING
Case Number: ADJ10234567   Applicant: Maria Lopez   Judge: Hon. David Kim
Hearing date: 05/14/2024   Type: Mandatory Settlement Conference
Appearances: Applicant's attorney J. Park; defense attorney L. Nguyen.
Disposition: Continued to 06/20/2024. Matter taken off calendar as to the lien issues.
Summary: Parties to obtain a supplemental QME report.`,
  compromise_and_release: `COMPROMISE AND RELEASE
Case Number: ADJ10234567
Applicant: Maria Lopez   Employer: Acme Warehouse Inc.   Claims Administrator: Zenith Insurance
1. Upon approval of this compromise agreement by the Workers' Compensation Appeals Board,
the employer and insurance carrier are released from all claims and causes of action.
The parties settle all claims including future medical treatment for the lump sum of $45,000.
A Medicare Set-Aside is not required.
DWC-CA form 10214(c) Rev. 11/2008 Page 1 of 6`,
  stipulations_with_award: `STIPULATIONS WITH REQUEST FOR AWARD
Case Number: ADJ10234567
Applicant: Maria Lopez   Employer: Acme Warehouse Inc.
The parties stipulate to the issuance of an award as follows:
1. Maria Lopez, born 04/12/1978, sustained injury to the low back on 01/15/2024.
4. The injury caused permanent disability of 14% after apportionment.
5. There is need for further medical treatment to cure or relieve the effects of the injury.
DWC-CA form 10214(a) Rev. 11/2008 Page 1 of 5`,
  findings_and_award: `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
Case No. ADJ10234567
MARIA LOPEZ, Applicant, vs. ACME WAREHOUSE INC., Defendants.
FINDINGS AND AWARD
The above-entitled matter having been heard and submitted, the honorable David Kim,
Workers' Compensation Judge, now decides as follows:
FINDINGS OF FACT
1. It is found that applicant sustained injury arising out of and in the course of employment.
AWARD is made in favor of Maria Lopez against Zenith Insurance Company of permanent disability.`,
  order: `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
Case No. ADJ10234567
MARIA LOPEZ, Applicant, vs. ACME WAREHOUSE INC., Defendants.
ORDER APPROVING COMPROMISE AND RELEASE
The parties have filed a Compromise and Release. Good cause appearing,
IT IS ORDERED that the Compromise and Release is approved and that defendant pay
applicant the sum of $45,000 less attorney fees of $6,750.
Workers' Compensation Administrative Law Judge`,
  subpoena: `WORKERS' COMPENSATION APPEALS BOARD
STATE OF CALIFORNIA
SUBPOENA DUCES TECUM
Case No. ADJ10234567   Maria Lopez vs. Acme Warehouse Inc.
THE PEOPLE OF THE STATE OF CALIFORNIA SEND GREETINGS TO: Custodian of Records,
Kaiser Permanente, 1515 N Vermont Ave, Los Angeles CA 90027
YOU ARE ORDERED TO PRODUCE the records described below: any and all medical records,
x-rays and billing for Maria Lopez from 01/01/2019 to the present.
Failure to comply may be punished as contempt. WCAB Form 30 (Rev. 9/2002)`,
  deposition_notice: CAPTION(`NOTICE OF TAKING DEPOSITION OF APPLICANT
TO APPLICANT AND HER ATTORNEYS OF RECORD:
PLEASE TAKE NOTICE that defendant will take the deposition of applicant Maria Lopez
on 04/30/2024 at 10:00 a.m. at 2000 Main Street, Santa Ana, before a certified shorthand
reporter, pursuant to Labor Code section 5710. A Spanish interpreter will be present.`),
  lien: `NOTICE AND REQUEST FOR ALLOWANCE OF LIEN
WORKERS' COMPENSATION APPEALS BOARD
Case No. ADJ10234567   Injured worker: Maria Lopez   Employer: Acme Warehouse Inc.
The undersigned lien claimant, Golden State Imaging, hereby requests allowance of a lien
for medical treatment provided to the injured worker in the amount of $3,480.00.
Lien activation fee paid. Declaration pursuant to Labor Code section 4903.8 attached.
DWC-CA form 6 (Rev. 11/2008)`,
  medical_bill: `HEALTH INSURANCE CLAIM FORM
APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12
1. MEDICARE MEDICAID TRICARE [X] OTHER   1a. INSURED'S ID NUMBER 5102-88341
2. PATIENT'S NAME: LOPEZ, MARIA   3. DATE OF BIRTH 04 12 1978
21. DIAGNOSIS: M54.16
24. DATE OF SERVICE 03/02/2024  CPT 99204  UNITS 1  CHARGES $350.00
24. DATE OF SERVICE 03/02/2024  CPT 72148  UNITS 1  CHARGES $1,200.00
25. FEDERAL TAX ID 95-1234567   28. TOTAL CHARGES $1,550.00   33. BILLING PROVIDER Valley Ortho
CMS-1500`,
  request_for_authorization: `State of California, Division of Workers' Compensation
REQUEST FOR AUTHORIZATION                                   DWC Form RFA
Send with the treating physician's progress report (DWC Form PR-2) or a narrative report.
[X] New Request   [ ] Resubmission - Change in Material Facts   [ ] Expedited Review
Employee: Lopez, Maria   Date of Injury: 01/15/2024   Claim Number: 5102-88341
Requesting Physician: Alan Brooks, M.D., Valley Orthopedic Medical Group
Claims Administrator: Zenith Insurance Company, Fresno Claims Office
Diagnosis: Lumbar radiculopathy   ICD Code: M54.16
Service/Good Requested: Lumbar epidural steroid injection   CPT/HCPCS Code: 62323
Other Information (Frequency, Duration, Quantity): one injection, outpatient surgery center`,
  ur_decision: `UTILIZATION REVIEW DETERMINATION
Date: 04/02/2024   Claim Number: 5102-88341   Employee: Maria Lopez
Requesting physician: Dr. Ana Ruiz   Date request for authorization received: 03/28/2024
Requested treatment: Lumbar epidural steroid injection L4-L5   Decision: NON-CERTIFIED
The reviewing physician found the request is not medically necessary under the
Medical Treatment Utilization Schedule (MTUS). If you disagree with this decision,
you may request independent medical review by completing the enclosed application.`,
  imr_decision: `INDEPENDENT MEDICAL REVIEW FINAL DETERMINATION LETTER
MAXIMUS Federal Services   IMR Case Number: CM24-0012345
Employee: Maria Lopez   Claim Number: 5102-88341
Dear Ms. Lopez:
Maximus Federal Services has completed the independent medical review of the
utilization review decision. The final determination: the decision is UPHELD.
The independent medical reviewer found the requested treatment is not medically necessary.`,
  correspondence: `JOHNSON & PARK, LLP
1200 Wilshire Boulevard, Suite 400, Los Angeles, CA 90017
March 14, 2024
Zenith Insurance Company
Attn: Claims Examiner Linda Hall
Re: Maria Lopez v. Acme Warehouse Inc.; Claim No. 5102-88341
Dear Ms. Hall:
Please find enclosed the medical report of Dr. Ruiz. Kindly advise whether you will
authorize the recommended treatment. Please contact our office with any questions.
Very truly yours,
Jennifer Park`,
  proof_of_service: `PROOF OF SERVICE
STATE OF CALIFORNIA, COUNTY OF LOS ANGELES
I am over the age of 18 and not a party to the within action. My business address is
1200 Wilshire Boulevard, Suite 400, Los Angeles, CA 90017.
On 03/14/2024 I served the foregoing document by placing a true copy thereof in a sealed
envelope addressed to the parties on the attached service list, by mail.
I declare under penalty of perjury under the laws of the State of California that the foregoing is true.`,
  claim_form: `State of California, Department of Industrial Relations
DIVISION OF WORKERS' COMPENSATION
WORKERS' COMPENSATION CLAIM FORM (DWC 1)
Employee: Complete the "Employee" section and give the form to your employer.
1. Name: Maria Lopez   2. Home address: 1820 E 4th Street, Los Angeles CA
3. Date of injury: 01/15/2024   4. Describe injury and part of body affected: low back
Employee signature: Maria Lopez   Date: 01/16/2024
Employer: Complete this section. Date employer received this claim form: 01/16/2024
Claims administrator: Zenith Insurance Company`,
  benefit_notice: `Zenith Insurance Company
Claims Department
NOTICE REGARDING TEMPORARY DISABILITY BENEFITS
Date: 02/01/2024   Claim Number: 5102-88341   Employee: Maria Lopez
We have received medical information that you are unable to work because of your injury.
Your temporary disability benefit payments will be paid every two weeks at the weekly rate
of $812.40. If you have questions about your claim, contact the claims administrator
or the Information and Assistance office of the Division of Workers' Compensation.`,
};

/** A continuation page: body text only, with a running header and a page number. */
export function continuationPage(header: string, k: number, n: number | null): string {
  return `${header}
The applicant reports that symptoms increase with prolonged standing and walking and
decrease with rest. She takes ibuprofen twice a day. She denies prior injuries to the
same body part. Review of records shows conservative care since the date of injury
including physical therapy, chiropractic treatment and medication management.
Examination findings are consistent with the history given and the records reviewed.
${n === null ? `${k}` : `Page ${k} of ${n}`}`;
}

/** Deterministic OCR damage: confusable characters, broken words, dropped letters. */
export function ocrDamage(text: string, seed = 7, rate = 0.06): string {
  let state = seed >>> 0 || 1;
  const rand = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10000) / 10000;
  };
  const swaps: Record<string, string> = { l: '1', I: 'l', O: '0', o: '0', m: 'rn', S: '5', e: 'c' };
  let out = '';
  for (const ch of text) {
    const r = rand();
    if (r < rate && swaps[ch]) out += swaps[ch];
    else if (r < rate * 1.3 && /[A-Za-z]/.test(ch)) out += `${ch} `;
    else if (r < rate * 1.5 && /[a-z]/.test(ch)) out += '';
    else out += ch;
  }
  return out;
}
