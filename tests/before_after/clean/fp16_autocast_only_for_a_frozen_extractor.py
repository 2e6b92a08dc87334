"""A frozen feature extractor runs in float16 under `torch.no_grad()`; the probe that trains
runs in float32 outside autocast: no gradient passes through float16, no scaler is needed."""
import torch
from torch import nn


def fit_probe(extractor, probe, batches):
    optimizer = torch.optim.SGD(probe.parameters(), lr=0.1)
    extractor.eval()
    for images, labels in batches:
        with torch.no_grad():
            with torch.autocast("cuda", dtype=torch.float16):
                features = extractor(images)
        loss = nn.functional.cross_entropy(probe(features.float()), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def fit_probe_flat(extractor, probe, batches):
    optimizer = torch.optim.SGD(probe.parameters(), lr=0.1)
    for images, labels in batches:
        with torch.inference_mode(), torch.cuda.amp.autocast():
            features = extractor(images).float()
        loss = nn.functional.cross_entropy(probe(features.clone()), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
