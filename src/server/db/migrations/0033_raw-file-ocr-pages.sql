ALTER TABLE "raw_file" ADD COLUMN "ocr_pages" integer[];--> statement-breakpoint
-- What can be known of files processed before: a PNG or JPEG (its type checked from its bytes when
-- its upload finished) is one page the pipeline has always read by OCR. PDFs stay unknown (null).
UPDATE "raw_file" r SET "ocr_pages" = '{1}'::integer[]
WHERE r."mime" IN ('image/png', 'image/jpeg')
	AND EXISTS (SELECT 1 FROM "legal_processed_file" d WHERE d."legal_raw_file_id" = r."id");
