-- The listing (GET <root>: the tenant's datasets that are not purged, newest first) walks this index in order: no
-- scan of the table and no sort, whatever the number of datasets. It replaces datasets_by_tenant, which lacked
-- purged_at and ordered id ascending, so the listing had to filter rows and sort ties.
CREATE INDEX IF NOT EXISTS datasets_listing ON datasets (tenant_id, purged_at, submit_date_time DESC, id DESC);
DROP INDEX IF EXISTS datasets_by_tenant;
