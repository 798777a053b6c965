// The rule ids of the spring6 family (one file, so the modules can share them without an import cycle).
export const SPRING6_RULES = {
  statusCode: 'spring6/status-code',
  handlerSignature: 'spring6/handler-signature',
  httpMethodSwitch: 'spring6/http-method-switch',
  socketUtils: 'spring6/socket-utils',
} as const;
