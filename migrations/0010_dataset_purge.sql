-- Purged datasets are hidden from reads and listings but restorable until the retention ends (spec §4 purge/restore).
ALTER TABLE datasets ADD COLUMN purged_at TEXT;
