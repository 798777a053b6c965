// Build-file rows (coordinates, versions, plugins, wrapper). Owned by the build transforms.
export interface BuildSection {
  [part: string]: unknown;
}
