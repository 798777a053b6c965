// Maven and Gradle print a coordinate as `g:a:v`, `g:a:type:v` or `g:a:type:classifier:v`.

export interface Printed {
  groupId: string;
  artifactId: string;
  version?: string;
}

export function parseCoordinate(text: string): Printed | undefined {
  const parts = text.replace(/[.,;)]+$/, '').split(':');
  if (parts.length < 2 || parts.length > 5 || parts.some((p, i) => !p && i < 2)) return undefined;
  if (!/^[\w.-]+$/.test(parts[0]!) || !/^[\w.-]+$/.test(parts[1]!)) return undefined;
  const version = parts.length === 2 ? undefined : parts[parts.length - 1];
  return { groupId: parts[0]!, artifactId: parts[1]!, ...(version ? { version } : {}) };
}
