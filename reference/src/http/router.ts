/**
 * The route table: method + path pattern -> handler. Patterns use `:name`
 * segments; a literal segment wins over a parameter at the same place
 * (`/v1/posts/feed` before `/v1/posts/:postId`). A segment `@:name` matches a
 * segment that starts with `@` and gives the rest (the public site's `/@slug`).
 */
import type { Handler, RouteDef } from './types.js';
import { ApiError, badRequest, notFound } from '../errors.js';

interface Node {
  literal: Map<string, Node>;
  param: { name: string; node: Node } | null;
  at: { name: string; node: Node } | null;
  methods: Map<string, RouteDef>;
}

const newNode = (): Node => ({ literal: new Map(), param: null, at: null, methods: new Map() });

export interface Match {
  route: RouteDef;
  params: Record<string, string>;
}

export class Router {
  private root = newNode();
  readonly routes: RouteDef[] = [];

  add(route: RouteDef): void {
    let node = this.root;
    for (const segment of split(route.path)) {
      if (segment.startsWith('@:')) {
        node.at ??= { name: segment.slice(2), node: newNode() };
        if (node.at.name !== segment.slice(2)) throw new Error(`route ${route.path}: parameter @:${segment.slice(2)} clashes with @:${node.at.name}`);
        node = node.at.node;
      } else if (segment.startsWith(':')) {
        const name = segment.slice(1);
        if (!node.param) node.param = { name, node: newNode() };
        else if (node.param.name !== name)
          throw new Error(`route ${route.path}: parameter :${name} clashes with :${node.param.name}`);
        node = node.param.node;
      } else {
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.methods.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.path}`);
    node.methods.set(route.method, route);
    this.routes.push(route);
  }

  /** Find the route; 404 for an unknown path, 405 for a known path with another method. */
  match(method: string, pathname: string): Match {
    const params: Record<string, string> = {};
    const node = this.walk(this.root, split(pathname), 0, params);
    if (!node || node.methods.size === 0) throw notFound(`no route for ${method} ${pathname}`);
    const route = node.methods.get(method) ?? (method === 'HEAD' ? node.methods.get('GET') : undefined);
    if (!route) {
      const allow = [...node.methods.keys()].join(', ');
      throw new ApiError(405, `${method} is not allowed on ${pathname}; allowed: ${allow}`, { Allow: allow });
    }
    return { route, params };
  }

  private walk(node: Node, segments: string[], i: number, params: Record<string, string>): Node | null {
    if (i === segments.length) return node;
    const segment = segments[i];
    const literal = node.literal.get(segment);
    if (literal) {
      const found = this.walk(literal, segments, i + 1, params);
      if (found && found.methods.size > 0) return found;
    }
    if (node.at && segment.length > 1 && segment.charCodeAt(0) === 64) {
      const found = this.walk(node.at.node, segments, i + 1, params);
      if (found && found.methods.size > 0) {
        params[node.at.name] = decodeSegment(segment.slice(1));
        return found;
      }
    }
    if (node.param && segment.length > 0) {
      const found = this.walk(node.param.node, segments, i + 1, params);
      if (found && found.methods.size > 0) {
        params[node.param.name] = decodeSegment(segment);
        return found;
      }
    }
    return null;
  }
}

/** Segments of a path, leading and trailing slashes ignored (by index: this runs on every request). */
function split(path: string): string[] {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return start === end ? [] : path.slice(start, end).split('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`path segment "${segment.slice(0, 100)}" is not valid percent-encoding`);
  }
}

export type { Handler };
