export interface Account {
  name: string;
  email: string;
  password: string;
}

let n = 0;
/** A fresh account per test, so tests never depend on each other's data. */
export function newAccount(label = 'user'): Account {
  n++;
  const id = `${label}${n}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${n}`,
    email: `${id}@example.com`,
    password: 'correct horse battery',
  };
}

export function newSlug(label = 'ws') {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}
