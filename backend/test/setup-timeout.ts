// Integration tests boot a real app and race real HTTP clients; give them more than Jest's 5 s.
jest.setTimeout(60_000);
