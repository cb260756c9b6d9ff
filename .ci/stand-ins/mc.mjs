#!/usr/bin/env node
// The stand-in for MinIO's client `mc` (s3.Containerfile beside this says why), with what
// compose.yaml's bucket job runs of it:
//   mc alias set NAME URL ACCESS_KEY SECRET_KEY   checks the credentials against the server (a
//                                                 signed ListBuckets), then keeps the alias
//   mc mb [--ignore-existing] NAME/BUCKET         makes the bucket
// and it fails, as mc does, when the server is not up yet or refuses the credentials, so the
// job's `until mc alias set …` loop waits for MinIO.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';

const CONFIG = join(homedir(), '.mc', 'config.json');
const args = process.argv.slice(2);

const client = ({ url, accessKey, secretKey }) =>
  new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: accessKey, secretAccessKey: secretKey },
  });

function fail(message) {
  console.error(`mc: <ERROR> ${message}`);
  process.exit(1);
}

async function aliasSet([name, url, accessKey, secretKey]) {
  if (!name || !url || !accessKey || !secretKey)
    fail('Usage: mc alias set NAME URL ACCESS_KEY SECRET_KEY');
  const alias = { url, accessKey, secretKey };
  try {
    await client(alias).send(new ListBucketsCommand({}));
  } catch (error) {
    fail(
      `Unable to initialize new alias from the provided credentials. ${error.message || error.name}`,
    );
  }
  const config = readConfig();
  config.aliases[name] = { ...alias, api: 'S3v4', path: 'auto' };
  mkdirSync(dirname(CONFIG), { recursive: true });
  writeFileSync(CONFIG, JSON.stringify(config, null, 2));
  console.info(`Added \`${name}\` successfully.`);
}

async function makeBucket(options) {
  const ignoreExisting = options.includes('--ignore-existing') || options.includes('-p');
  const target = options.find((option) => !option.startsWith('-')) ?? '';
  const [name, bucket] = target.split('/');
  const alias = readConfig().aliases[name];
  if (!alias || !bucket)
    fail(`Usage: mc mb [--ignore-existing] ALIAS/BUCKET (alias \`${name}\` set?)`);
  try {
    await client(alias).send(new CreateBucketCommand({ Bucket: bucket }));
    console.info(`Bucket created successfully \`${target}\`.`);
  } catch (error) {
    const exists = ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(error.name);
    if (!exists || !ignoreExisting)
      fail(`Unable to make bucket \`${target}\`. ${error.message || error.name}`);
    console.info(`Bucket \`${target}\` already exists.`);
  }
}

function readConfig() {
  try {
    return JSON.parse(readFileSync(CONFIG, 'utf8'));
  } catch {
    return { version: '10', aliases: {} };
  }
}

const [command, subcommand, ...rest] = args;
if (command === 'alias' && subcommand === 'set') await aliasSet(rest);
else if (command === 'mb') await makeBucket([subcommand, ...rest].filter(Boolean));
else fail(`The mc stand-in knows \`alias set\` and \`mb\` only, not: mc ${args.join(' ')}`);
