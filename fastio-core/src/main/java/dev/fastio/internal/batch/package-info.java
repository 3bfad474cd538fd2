/**
 * Digests of many files on several threads, in input order ({@code DigestBatch}), read in parallel
 * or by one sequential reader ahead of the hashing. Entry point: {@link
 * dev.fastio.internal.batch.BatchRun}.
 */
package dev.fastio.internal.batch;
