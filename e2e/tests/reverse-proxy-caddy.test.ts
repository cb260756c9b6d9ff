/**
 * Issue 39.1: the same core journeys as reverse-proxy.test.ts through deploy/Caddyfile, run by
 * Debian's Caddy with the test's certificate and its automatic HTTP→HTTPS redirect, in front of
 * two built Backbeat instances sharing PostgreSQL, Redis and S3 (e2e/src/proxy-journeys.ts).
 * Needs Debian's caddy (npm test and .ci/run install it as root; otherwise this file fails with
 * the command).
 */
import { describeProxiedSite } from '../src/proxy-journeys.ts';

describeProxiedSite('caddy');
