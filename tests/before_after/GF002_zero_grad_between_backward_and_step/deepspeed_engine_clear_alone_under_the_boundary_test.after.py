import deepspeed


def fit(model, config, data, epochs=3):
    model_engine, opt, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=config)
    for _ in range(epochs):
        for features, target in data:
            out = model_engine(features)
            model_engine.backward(((out - target) ** 2).mean())
            model_engine.step()
    return model_engine
