-- Issue 17 (helper sec): login_log.success/reason were renamed to result/message (contract section 12);
-- the rows written before keep their meaning under the new names.
UPDATE "login_log"
   SET "result" = CASE WHEN "result" = 'Success' THEN 'Succeeded'
                       WHEN "message" LIKE 'locked%' THEN 'Locked'
                       ELSE 'Failed' END
 WHERE "result" IN ('Success', 'Failure');
