import deepspeed


def train(args, model, loader):
    model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=model.parameters())
    for step, batch in enumerate(loader):
        loss = model_engine(batch)
        model_engine.backward(loss / args.gradient_accumulation_steps)
        model_engine.step()
