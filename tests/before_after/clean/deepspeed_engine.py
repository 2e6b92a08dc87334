import deepspeed


def train(args, model, loader):
    model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())
    for step, batch in enumerate(loader):
        inputs, labels = batch
        loss = model_engine(inputs, labels=labels).loss
        model_engine.backward(loss)
        model_engine.step()
