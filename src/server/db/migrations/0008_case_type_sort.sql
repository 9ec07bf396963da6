-- The case list's sort by type (domains/cases/repository.ts orderOf puts cases without a type last
-- in both directions): one partial index per direction on (company, type, id), so a page is an
-- ordered index walk instead of sorting every case of the company.
CREATE INDEX "legal_case_company_type_idx" ON "legal_case" USING btree ("company_id","legal_case_type","id") WHERE "legal_case"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "legal_case_company_type_desc_idx" ON "legal_case" USING btree ("company_id","legal_case_type" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "legal_case"."is_deleted" = false;
