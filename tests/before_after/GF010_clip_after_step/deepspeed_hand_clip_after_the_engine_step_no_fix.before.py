import deepspeed
import torch


def train(model, config, loader, epochs):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for _ in range(epochs):
        for images, labels in loader:
            loss = torch.nn.functional.cross_entropy(engine(images), labels)
            engine.backward(loss)
            engine.step()
            torch.nn.utils.clip_grad_norm_(engine.module.parameters(), max_norm=1.0)
