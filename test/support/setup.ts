// Runs in every test worker before each test file (vitest `setupFiles`). Test files share their
// worker's process (vitest.config.ts: `isolate: false`), so what must hold for every file is set
// here, once, rather than by whichever file happens to load first.

// The test process has no business with the developer's own keychain: like the child processes
// (test/cli-support.ts cliHome drops DBUS_*), in-process CLI runs find no Secret Service and use
// the private file. (The keychain library reads the real environment, not the injected one.)
delete process.env.DBUS_SESSION_BUS_ADDRESS;
