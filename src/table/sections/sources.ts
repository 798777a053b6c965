// Java/Kotlin source rows (javax -> jakarta, types, annotations, removed APIs). Owned by the
// sources transform; the generator (scripts/table/) fills it from ../shared/data.
export interface SourcesSection {
  [part: string]: unknown;
}
