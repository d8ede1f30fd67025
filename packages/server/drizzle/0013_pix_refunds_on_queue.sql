-- Devoluções are sent to the PSP by the durable queue `pix-refunds` (payments/refunds.ts): the ones still waiting
-- when this version starts get their task, as a new devolução gets it in the statement that records it.
INSERT INTO "job_queue" ("queue", "payload", "dedupe_key", "max_attempts", "run_at", "created_at", "updated_at")
SELECT 'pix-refunds', jsonb_build_object('refundId', "id"), "id", 12, now(), now(), now()
FROM "pix_refunds"
WHERE "status" IN ('REQUESTED', 'EM_PROCESSAMENTO')
ON CONFLICT ("queue", "dedupe_key") DO NOTHING;
