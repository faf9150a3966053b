import { afterAll } from "vitest";
import { stopJobQueue } from "../../server/jobs/workers";

// Each test process has a job queue of its own, so that the jobs a test file sends are worked by
// its own workers, never by another file's process, which may stop while holding them.
process.env.QUIRE_JOBS_SCHEMA ||= `pgboss_test_${process.pid}`;

// A test file that sent or worked jobs leaves no queue connections or workers behind.
afterAll(() => stopJobQueue());
