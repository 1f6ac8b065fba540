import { z } from 'zod';
import { ControlClock, ControlClockChange, ControlInfo, ControlPublications, ControlReset } from '../control.js';
import { json, type Endpoint } from './endpoint.js';

const ResetResult = z.object({ success: z.literal(true), seed: z.number().int(), now: z.number().int() });

export const controlEndpoints: Endpoint[] = [
  { method: 'get', path: '/_control', tag: 'Test control', auth: 'none', profile: 'control', summary: 'What this implementation is and which control capabilities it has', responses: { 200: json('implementation info', ControlInfo) } },
  { method: 'post', path: '/_control/reset', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Back to the seeded fixtures (or empty)', body: ControlReset, responses: { 200: json('reset done', ResetResult) } },
  { method: 'get', path: '/_control/publications', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Fixture publications with their keys, owners, team and segments', responses: { 200: json('publications', ControlPublications) } },
  { method: 'get', path: '/_control/clock', tag: 'Test control', auth: 'none', profile: 'control', summary: 'The clock', responses: { 200: json('the clock', ControlClock) } },
  { method: 'post', path: '/_control/clock', tag: 'Test control', auth: 'none', profile: 'control', summary: 'Advance, set or freeze the clock; due work runs before the answer', body: ControlClockChange, responses: { 200: json('the clock', ControlClock) } },
];
