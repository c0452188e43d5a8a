-- Custom migration: the acquirer × service type × terminal category links move from the
-- acquirer_services table into acquirers.services ("serviceType:terminalCategory" codes, e.g. '2:1'),
-- so the Acquirer resource edits them as one multiselect. Acquirers without links keep '{}'.
-- The next migration drops acquirer_services.
UPDATE "acquirers" AS a
SET "services" = l.codes
FROM (
  SELECT "acquirer_id", array_agg("service_type"::text || ':' || "terminal_category"::text ORDER BY "service_type", "terminal_category") AS codes
  FROM "acquirer_services"
  GROUP BY "acquirer_id"
) AS l
WHERE l."acquirer_id" = a."id";
