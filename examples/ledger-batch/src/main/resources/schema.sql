create table if not exists ledger_entry (
    id bigint auto_increment primary key,
    booked_on date not null,
    account varchar(32) not null,
    side varchar(8) not null,
    amount decimal(12, 2) not null,
    reference varchar(128)
);
