/**
 * Bytes moved from a file to a channel ({@code FastChannels.transferTo}): the strategy chosen, the
 * fallback from the kernel path, the loop until every byte is moved; and file copies ({@code
 * FastFiles.copy}) whose data a transfer moves. Entry point: {@link
 * dev.fastio.internal.transfer.Transfers}.
 */
package dev.fastio.internal.transfer;
