import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks a few browser APIs the app touches.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};

// findBy*/waitFor give up after 1 s by default: too short for a lazy route's first render on a busy
// 2-core machine (CI runs two lanes at once). Waits still end as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });
