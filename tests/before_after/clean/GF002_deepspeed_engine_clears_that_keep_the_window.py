import deepspeed
import torch


def fit(model, teacher, config, data):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    aux, _, _, _ = deepspeed.initialize(model=teacher, model_parameters=teacher.parameters(), config=config)
    for features, target in data:
        loss = ((engine(features) - target) ** 2).mean()
        engine.backward(loss)
        if not torch.isfinite(loss):
            engine.zero_grad()  # skip a bad batch on purpose
        if aux.is_gradient_accumulation_boundary():
            engine.zero_grad()  # another engine's window (not this step's)
        engine.step()
        if engine.is_gradient_accumulation_boundary():
            engine.zero_grad()  # after the step: harmless


def fit_restoring(model, config, data):
    engine, _, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for features, target in data:
        engine.backward(((engine(features) - target) ** 2).mean())
        if engine.is_gradient_accumulation_boundary():
            saved = [p.grad.clone() for p in engine.module.parameters()]
            engine.zero_grad()
            for p, g in zip(engine.module.parameters(), saved):
                p.grad = g * 0.5
        engine.step()
