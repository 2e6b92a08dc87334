"""Gradient compression: a compressor object (from a library gradfix cannot read) packs the
model's gradients after the backward; the gradients are zeroed and the decompressed ones are
written back before the step. The clear between backward and step is deliberate."""

import torch

from compression import TopKCompressor


def train(model, loader, optimizer):
    compressor = TopKCompressor(ratio=0.01)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        packed = compressor.pack(model)
        optimizer.zero_grad(set_to_none=False)
        compressor.unpack_into(model, packed)
        optimizer.step()
