/** jsdom lacks TextEncoder/TextDecoder, which react-router needs; import this before react-router. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
