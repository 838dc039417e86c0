import '@arco-design/web-react/lib/_util/react-19-adapter';
import '@testing-library/jest-dom/vitest';
import { Message, Modal, Notification } from '@arco-design/web-react';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { Component } from 'react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { CATALOGUES } from '../locales/all';
import { server } from '../mocks/server';
import { i18n } from '../src/i18n';

// findBy/waitFor give up after 1 s by default; on a busy 2-core machine a lazy import (the
// charts' dark theme) or a first Arco render takes several seconds (STACK.md trap 11). A wait
// still ends as soon as its condition holds, so a long ceiling costs nothing when the machine is
// idle; it only decides how long a real failure takes to report.
configure({ asyncUtilTimeout: 10_000 });

// The app loads one language's catalogue on demand; tests have both at hand from the start.
for (const [locale, catalogue] of Object.entries(CATALOGUES))
  i18n.addResourceBundle(locale, 'translation', catalogue);

// Relative URLs ('/api/...') resolve against this origin in happy-dom.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  await i18n.changeLanguage('zh-CN');
});
afterAll(async () => {
  // Arco's Message, Notification and Modal leave on react-transition-group timers: a file that
  // ends while one is leaving has the timer fire after its DOM is gone ("window is not defined").
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  await waitFor(
    () => expect(document.querySelector('.arco-message, .arco-notification, .arco-modal')).toBeNull(),
    { timeout: 10_000 },
  );
  // Arco's DatePicker sets its state 100 ms after it mounts or its panel closes (a plain
  // setTimeout in DatePicker/picker.js, not cancelled on unmount). A file whose last test had
  // a date picker could end inside those 100 ms, and the hook's update then met a torn-down
  // environment ("window is not defined" from react-dom, seen once in a fresh-clone CI run).
  // Timers fire in the order they fall due, so one of 150 ms set now runs after every such
  // timer of this file's tests, whatever the machine's speed.
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Even with the DOM empty, a message whose time ran out just before keeps a 100 ms timer
  // (Arco's fade-out) that sets state after this file's DOM environment is torn down ("window
  // is not defined", seen on a loaded machine). The file's tests are over: class components
  // (Arco's notices, react-transition-group) update nothing from here on.
  Component.prototype.setState = () => {};
  server.close();
});
