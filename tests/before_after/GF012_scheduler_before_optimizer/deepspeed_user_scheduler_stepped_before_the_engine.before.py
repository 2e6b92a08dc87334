import deepspeed
import torch
from torch.optim.lr_scheduler import OneCycleLR


def train(args, net, train_set):
    engine, ds_opt, batches, _ = deepspeed.initialize(
        args=args, model=net, model_parameters=net.parameters(), training_data=train_set
    )
    one_cycle = OneCycleLR(ds_opt, max_lr=3e-4, total_steps=args.epochs * len(batches))
    step = 0
    while step < args.epochs * len(batches):
        for tokens, labels in batches:
            logits = engine(tokens.to(engine.device))
            loss = torch.nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), labels.to(engine.device).view(-1))
            engine.backward(loss)
            one_cycle.step()
            engine.step()
            step += 1
