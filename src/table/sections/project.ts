// Project-level rows (spring.factories keys, banner, runtime-behaviour findings).
export interface ProjectSection {
  [part: string]: unknown;
}
