-- A name written in Han characters reads family name first with no space (contract 18): recompose the full names
-- composed at save from Han parts ("伟 陈" becomes "陈伟"); a full name typed by hand is left as it is.
UPDATE "app_user" SET "full_name" = "last_name" || "real_name"
 WHERE "real_name" <> '' AND "last_name" <> ''
   AND "full_name" = "real_name" || ' ' || "last_name"
   AND ("real_name" || "last_name") ~ '[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]';
