/**
 * Issue 39.1: the core journeys through deploy/nginx.conf, with TLS, in front of two built
 * Backbeat instances sharing PostgreSQL, Redis and S3 (e2e/src/proxy-journeys.ts says which).
 * Needs Debian's nginx (npm test and .ci/run install it as root; otherwise this file fails with
 * the command).
 */
import { describeProxiedSite } from '../src/proxy-journeys.ts';

describeProxiedSite('nginx');
