#!/usr/bin/env python3
"""Drops the runtime for generated code from a Swift API digester dump (read from stdin,
written to stdout), so that the recorded API is the API a user writes against.

Left out, with everything inside them:
  - declarations whose name starts with an underscore (`_MapwrightRuntime`, `_jsonModelFields`,
    `_withRawAccess`), and initialisers whose first label does (`init(_jsonReader:)`);
  - declarations on another module's types whose signature names a type of
    `_MapwrightRuntime` (a requirement of one of its protocols, implemented on `String`);
  - conformances to its protocols.
Anything else that names the runtime is printed to stderr and fails the filter: a documented
declaration must not take or return a runtime type.
"""
import json
import re
import sys

RUNTIME = '_MapwrightRuntime'
DECL_KINDS = {'TypeDecl', 'Function', 'Var', 'Constructor', 'TypeAlias', 'Subscript', 'AssociatedType', 'Macro'}


def mentions_runtime(node):
  if RUNTIME in node.get('usr', '') or RUNTIME in node.get('printedName', ''):
    return True
  if RUNTIME in node.get('genericSig', ''):
    return True
  return any(mentions_runtime(child) for child in node.get('children', []) + node.get('accessors', []))


def is_runtime(node, on_external_type):
  kind = node.get('kind')
  if kind == 'Conformance':
    return RUNTIME in node.get('usr', '')
  if kind not in DECL_KINDS:
    return False
  if node.get('name', '').startswith('_'):
    return True
  if kind == 'Constructor' and re.match(r'init\(_[A-Za-z]', node.get('printedName', '')):
    return True
  if kind != 'TypeDecl' and on_external_type:  # a function's or a property's own signature
    return mentions_runtime(node)
  return False


def prune(node):
  external = bool(node.get('isExternal'))
  for field in ('children', 'conformances', 'accessors'):
    if field in node:
      node[field] = [prune(child) for child in node[field] if not is_runtime(child, external)]
  return node


def leftovers(node, path, found):
  name = node.get('printedName', node.get('name', ''))
  if node.get('kind') in DECL_KINDS and RUNTIME in node.get('genericSig', ''):
    found.append('/'.join(path + [name]))
  for child in node.get('children', []) + node.get('conformances', []) + node.get('accessors', []):
    if child.get('kind') in DECL_KINDS or child.get('kind') == 'Conformance':
      leftovers(child, path + [name], found)
    elif mentions_runtime(child):
      found.append('/'.join(path + [name]))
  return found


dump = json.load(sys.stdin)
prune(dump['ABIRoot'])
found = leftovers(dump['ABIRoot'], [], [])
if found:
  for place in found:
    print(f'api-filter: a public declaration names {RUNTIME}: {place}', file=sys.stderr)
  sys.exit(1)
json.dump(dump, sys.stdout, indent=1)
