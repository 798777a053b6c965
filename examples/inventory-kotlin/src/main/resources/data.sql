insert into warehouse (id, code, city, created_at) values (1000, 'NORTH', 'Tromso', current_timestamp);
insert into warehouse (id, code, city, created_at) values (1001, 'SOUTH', 'Faro', current_timestamp);
