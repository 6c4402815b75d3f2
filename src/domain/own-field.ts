// Fields named by the user's input set as plain own properties. JSON.parse makes `"__proto__"` an
// own key like any other, but an assignment `object["__proto__"] = value` sets the object's
// prototype instead: the field vanishes from what is sent and its contents are inherited, so
// checks that read `object.title` see a title the body does not have. `constructor` and
// `prototype` are already plain under assignment; only `__proto__` needs defining.

/** Sets `key` on `target` as an own, enumerable property, whatever its name. */
export function setOwnField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
