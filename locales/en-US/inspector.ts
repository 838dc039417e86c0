import type zh from '../zh-CN/inspector';

export default {
  'inspector.title': 'Machine inspector',
  'inspector.intro':
    'Every state machine of the app, its statechart drawn from the definition, the live state of each running actor and the latest events. Works offline.',
  'inspector.machine.auth': 'Signed-in session: login, user info, role switch, logout and session expiry.',
  'inspector.machine.menu': 'Menu tree of the signed-in role, from the server or the static route table.',
  'inspector.machine.guard': 'Route guard: one run per navigation, ending in allow, redirect or not found.',
  'inspector.machine.caseStatus':
    'Case status: who may take, assign, release, suspend, resume, close and reopen a case.',
  'inspector.chartLabel': 'Statechart of {{id}}',
  'inspector.actors': 'Running actors',
  'inspector.noActors': 'No running actor; the statechart shows the definition.',
  'inspector.actorHint': 'Click an actor to highlight its current state in the statechart.',
  'inspector.status.active': 'running',
  'inspector.status.done': 'done',
  'inspector.status.error': 'error',
  'inspector.status.stopped': 'stopped',
  'inspector.stately': "Send to Stately's inspector",
  'inspector.statelyHint':
    "Stately's inspector opens the stately.ai site and needs internet; passwords and tokens are masked first. The offline inspector on this page keeps working.",
  'inspector.statelyFailed': "Stately's inspector could not start: {{message}}",
  'inspector.events.title': 'Last {{limit}} events',
  'inspector.events.empty': 'No events yet',
  'inspector.events.time': 'Time',
  'inspector.events.actor': 'Actor',
  'inspector.events.type': 'Event',
  'inspector.events.payload': 'Payload',
  'inspector.events.clear': 'Clear',
} satisfies Record<keyof typeof zh, string>;
