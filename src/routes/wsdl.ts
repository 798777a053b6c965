// Operations of a WSDL 1.1 document: each portType operation is a SOAP POST to the service
// address (soap:address location). Read with saxes, which never resolves external entities.
import { lazyModule } from '../engine/lazy.js';

const saxes = lazyModule<typeof import('saxes')>('saxes');
import type { Route } from './types.js';

export function looksLikeWsdl(path: string, text: string): boolean {
  return /\.wsdl$/i.test(path) || (/<(\w+:)?definitions[\s>]/.test(text) && text.includes('schemas.xmlsoap.org/wsdl/'));
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

export function wsdlRoutes(file: string, text: string): Route[] {
  const parser = new (saxes().SaxesParser)({ position: true });
  const stack: string[] = [];
  const ops: { portType: string; name: string; line: number; offset: number }[] = [];
  const actions = new Map<string, string>();
  let address: string | undefined;
  let soap12 = false;
  let portType = '';
  let bindingOp = '';
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    const parent = stack[stack.length - 1] ?? '';
    const attr = (k: string) => (typeof tag.attributes[k] === 'string' ? (tag.attributes[k] as string) : undefined);
    if (name === 'portType') portType = attr('name') ?? '';
    if (name === 'operation' && parent === 'portType') ops.push({ portType, name: attr('name') ?? '', line: parser.line, offset: parser.position });
    if (name === 'operation' && parent === 'binding') bindingOp = attr('name') ?? '';
    if (name === 'operation' && parent === 'operation' && attr('soapAction')) actions.set(bindingOp, attr('soapAction')!);
    if (name === 'address' && parent === 'port' && attr('location')) {
      address ??= attr('location');
      if (tag.name.startsWith('soap12:')) soap12 = true;
    }
    if (name === 'binding' && parent === 'binding' && tag.name.startsWith('soap12:')) soap12 = true;
    if (!tag.isSelfClosing) stack.push(name);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  parser.write(text).close();
  const template = addressPath(address);
  const media = soap12 ? 'application/soap+xml' : 'text/xml';
  return ops.map((op) => ({
    methods: ['POST'],
    paths: [{ template, literals: [], resolved: address !== undefined }],
    produces: [media],
    consumes: [media],
    handler: `${op.portType}#${op.name}`,
    framework: 'wsdl',
    file,
    line: op.line,
    offset: op.offset,
    params: [],
    annotations: [],
    operation: actions.get(op.name) ? `${op.name} (${actions.get(op.name)})` : op.name,
  }));
}

function addressPath(location: string | undefined): string {
  if (!location) return '/';
  try {
    return new URL(location).pathname || '/';
  } catch {
    return location.startsWith('/') ? location : '/';
  }
}
