/**
 * Sentence pools that templates draw from to fill documents to their typical length without
 * repeating the same paragraph: legal argument, settlement clauses, hearing summaries, utilization
 * review rationale, claims-administrator notices and letters.
 */

export const LEGAL = [
  'Good cause exists to grant the relief requested because further delay will prejudice the petitioner.',
  'Despite repeated requests, the opposing party has failed to respond or to provide the requested information.',
  "The Workers' Compensation Judge's decision is not supported by substantial medical evidence.",
  'Petitioner has met and conferred in good faith as required by the rules of the Appeals Board.',
  'The reporting physician failed to address apportionment as required by Labor Code section 4663.',
  'Defendant unreasonably delayed the payment of temporary disability indemnity for more than fourteen days.',
  'The medical reports relied upon are stale and do not reflect the current condition of the applicant.',
  'The applicant has been temporarily totally disabled since the date of the last report and remains under active care.',
  'The panel QME report is internally inconsistent and should not be relied upon.',
  'Applicant attended all scheduled appointments and cooperated fully with discovery.',
  'The defendant has not objected to the treating physician reports within the time allowed by law.',
  'A supplemental report was requested but has not been received despite follow-up correspondence.',
  'The parties were unable to agree on an Agreed Medical Evaluator in the relevant specialty.',
  'Under Labor Code section 4062.2, a request for a panel was timely submitted to the Medical Unit.',
  'The relief requested will not prejudice any party and will promote the expeditious resolution of the case.',
  'The record shows that the defendant had actual knowledge of the injury within thirty days.',
  'The medical-legal expense was reasonably, actually and necessarily incurred to prove a contested claim.',
  'Pursuant to WCAB Rule 10510, the undersigned certifies that the petition is not filed for delay.',
  'The applicant relies on the reports of the primary treating physician, which constitute substantial evidence.',
  'The penalty should be assessed on the entire class of benefits that was unreasonably delayed.',
];

export const SETTLEMENT = [
  'Liens: the defendants shall pay, adjust or litigate the liens of record, with jurisdiction reserved by the Appeals Board.',
  'Medicare: the parties considered the interests of Medicare; no Medicare Set-Aside is required because the applicant is not a Medicare beneficiary.',
  'The employee acknowledges having read the agreement and understands that signing it releases the employer and insurer from liability for the claims described.',
  'This settlement includes all claims for penalties, interest and Labor Code section 132a and serious and willful misconduct.',
  'The parties request that the Appeals Board approve this agreement without a hearing and submit the medical reports listed in the addendum.',
  'The employee waives the right to vocational rehabilitation and supplemental job displacement benefits to the extent permitted by law.',
  'Any overpayment of temporary disability indemnity is waived by the defendant.',
  'The settlement is made in consideration of the disputed issues listed in paragraph 9 and the attached addendum.',
  'Future medical treatment is resolved by this agreement; the employee has been advised of its value.',
  'The parties agree that the Appeals Board retains jurisdiction to enforce the terms of this agreement.',
  'Payment shall be made within thirty days of the order approving this agreement.',
  'Each party shall bear its own costs except as otherwise provided herein.',
  'The applicant was provided with an interpreter in the Spanish language at the signing of this agreement.',
  'The settlement amount does not include any amount for claims against third parties.',
];

export const HEARING = [
  'The parties stipulate that the applicant sustained injury arising out of and in the course of employment.',
  'The applicant testified through a certified interpreter that the pain began gradually over several months.',
  'On cross-examination, the applicant conceded that prior treatment to the same body part had occurred.',
  "Applicant's Exhibit 1, the report of the primary treating physician, was admitted without objection.",
  "Defendant's Exhibit A, the panel QME report, was admitted into evidence.",
  'The matter was submitted for decision on the record as of this date.',
  'Issues: permanent disability, apportionment, need for further medical treatment and attorney fees.',
  'The witness testified that the supervisor was notified of the injury on the same day.',
  'The parties are ordered to obtain a supplemental report addressing apportionment within 30 days.',
  'Defendant requested a continuance to complete discovery; the request was granted for good cause.',
  'The applicant is currently working at a different employer in a sedentary position.',
  'The lien claimant did not appear; notice of intention to dismiss the lien shall issue.',
];

export const UR = [
  'The MTUS/ACOEM guidelines recommend a short course of treatment with documented functional improvement.',
  'There is no documentation of objective functional improvement from prior sessions.',
  'The records document failure of conservative care for more than six weeks.',
  'Objective findings of radiculopathy are not documented on the most recent examination.',
  'The requested quantity exceeds the number of visits recommended by the guidelines.',
  'A peer-to-peer conversation with the requesting physician was attempted but not completed.',
  'The request was modified to allow an initial trial consistent with the guidelines.',
  'The Official Disability Guidelines were consulted because the MTUS does not address the request.',
  'Prior utilization review certified a similar course of treatment within the past year.',
  'The clinical notes describe persistent pain rated 7/10 despite medication management.',
  'There is no indication that the patient is participating in an active home exercise program.',
  'Imaging findings correlate with the clinical presentation described by the requesting physician.',
];

export const NOTICE = [
  'You have the right to disagree with decisions affecting your claim. Contact your claims administrator first to see if you can resolve the disagreement.',
  "If you are not represented by an attorney, you may contact an Information and Assistance Officer of the Division of Workers' Compensation.",
  'You may be entitled to a Qualified Medical Evaluator if you disagree with the medical findings of your treating physician.',
  'Temporary disability benefits are paid every two weeks while you are unable to work because of your injury.',
  'Please keep this notice for your records and provide a copy to your attorney, if any.',
  'If you have questions about this notice, please contact the claims examiner listed above.',
  'You may be eligible for the Return-to-Work Supplement Program if you receive a supplemental job displacement voucher.',
  'The amount of permanent disability, if any, will be determined when your condition becomes permanent and stationary.',
  'Failure to attend a scheduled medical evaluation may result in suspension of benefits.',
  'Your employer is required to provide medical treatment reasonably required to cure or relieve the effects of the injury.',
];

export const LETTER = [
  'Please find enclosed the medical reports received in this matter for your review.',
  'This letter confirms our telephone conversation regarding the status of the above case.',
  'We are in receipt of the panel QME report and request your position on settlement.',
  'Enclosed please find our settlement demand together with the supporting rating.',
  'Please advise whether your client will agree to an AME in the specialty of orthopaedics.',
  'We write to object to the utilization review denial and request reconsideration.',
  'Kindly provide the benefit printout and all medical reports in your file.',
  'Please be advised that this office represents the applicant in the above matter.',
  'We have calendared the matter for follow-up in thirty days.',
  'Please confirm the date of the next scheduled deposition at your earliest convenience.',
  'We request that you forward the enclosed records to the panel QME for review.',
  'Our client has authorized us to resolve this matter by way of Compromise and Release.',
  'Please note our objection to the report under Labor Code section 4061.',
  'Should you have any questions, please do not hesitate to contact the undersigned.',
  'We look forward to your response within fourteen days.',
  'Absent a response, we will file a Declaration of Readiness to Proceed.',
];
