// Spring Data 3.0 (the 2022.0 train Boot 3.0 manages) cut the sorting repositories loose from
// their CRUD parents. ../shared/data states it for PagingAndSortingRepository as a manual follow-up;
// the CRUD type of each sorting repository comes from the Spring Data issue named in `source`.
import type { LostSupertype } from '../../src/table/sections/sources.js';

const SOURCE =
  'boot-3.0-removed-apis.json org.springframework.data.repository.PagingAndSortingRepository (manual follow-up, superseded by these rows); spring-projects/spring-data-commons issue #2505 "Refactor PagingAndSortingRepository and its reactive variants into fragment interfaces" (Spring Data Commons 3.0, train 2022.0): PagingAndSortingRepository, ReactiveSortingRepository and RxJava3SortingRepository no longer extend their CRUD repositories';
const DOCS = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide#paging-and-sorting-repository';

export function lostSupertypes(): LostSupertype[] {
  return [
    { type: 'org.springframework.data.repository.PagingAndSortingRepository', lost: 'org.springframework.data.repository.CrudRepository', source: SOURCE, docs: DOCS },
    { type: 'org.springframework.data.repository.reactive.ReactiveSortingRepository', lost: 'org.springframework.data.repository.reactive.ReactiveCrudRepository', source: SOURCE, docs: DOCS },
    { type: 'org.springframework.data.repository.reactive.RxJava3SortingRepository', lost: 'org.springframework.data.repository.reactive.RxJava3CrudRepository', source: SOURCE, docs: DOCS },
  ];
}
