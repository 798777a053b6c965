// Passes of the sources transform (Java/Kotlin sources and the non-Java files carrying the same
// names), registered in transforms/index.ts.
import type { FilePass, ProjectPass, RunDecision } from '../../src/engine/types.js';
import { springfoxRunDecision } from './springdoc/springdoc.js';
import { httpClientRunDecision } from './httpclient5/httpclient5-switch.js';
import { javaPass, kotlinPass } from './jvm-pass.js';
import { xmlDescriptorsPass } from './jakarta/xml-descriptors.js';
import { serviceLoaderPass } from './jakarta/service-loader.js';
import { validationMessagesPass } from './jakarta/validation-messages.js';
import { lambdaDslPass } from './security6/lambda-dsl.js';

export const filePasses: FilePass[] = [javaPass, kotlinPass, xmlDescriptorsPass, validationMessagesPass, lambdaDslPass];

export const projectPasses: ProjectPass[] = [serviceLoaderPass];

/** Choices made once per run before the passes: springfox -> springdoc, HttpClient 4 -> 5. */
export const runDecisions: RunDecision[] = [springfoxRunDecision, httpClientRunDecision];
