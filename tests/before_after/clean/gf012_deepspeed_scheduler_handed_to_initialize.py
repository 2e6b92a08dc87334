import deepspeed
import torch
from torch.optim.lr_scheduler import OneCycleLR


def train(args, net, train_set):
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    one_cycle = OneCycleLR(opt, max_lr=3e-4, total_steps=1000)
    engine, ds_opt, batches, ds_sched = deepspeed.initialize(
        args=args, model=net, optimizer=opt, lr_scheduler=one_cycle, training_data=train_set
    )
    for epoch in range(args.epochs):
        for tokens, labels in batches:
            logits = engine(tokens.to(engine.device))
            loss = torch.nn.functional.cross_entropy(logits, labels.to(engine.device))
            engine.backward(loss)
            engine.step()
