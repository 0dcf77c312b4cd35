-- A store writes its snapshot on every change and its dispatch waits for the write. A row of more than about
-- 2 KB (an InquiryStore's sealed state is 2.4 KB) went to the TOAST table on every save: a compression attempt
-- that fails on sealed text, two chunks and their index entries written, and the old ones left dead. Rows up
-- to a page (8160 bytes) now stay whole in the table.
ALTER TABLE store_snapshots SET (toast_tuple_target = 8160);
