import math

import deepspeed
import torch


def train(model, config, loader):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    norms = []
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(engine(images), labels)
        engine.backward(loss)
        engine.step()
        # a measure only: an infinite threshold clips nothing
        norms.append(torch.nn.utils.clip_grad_norm_(engine.parameters(), math.inf))
    return norms


def train_with_a_probe(model, probe, config, loader):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for images, labels in loader:
        engine.backward(torch.nn.functional.cross_entropy(engine(images), labels))
        engine.step()
        torch.nn.utils.clip_grad_norm_(probe.parameters(), 1.0)  # another module's gradients
