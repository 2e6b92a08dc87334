import deepspeed
import torch

DS_CONFIG = {
    "train_micro_batch_size_per_gpu": 8,
    "gradient_accumulation_steps": 4,
    "optimizer": {"type": "AdamW", "params": {"lr": 1e-4}},
}


def train(model, loader):
    engine, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=DS_CONFIG)
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(engine(x), y)
        loss = loss / DS_CONFIG["gradient_accumulation_steps"]
        engine.backward(loss)
        engine.step()
