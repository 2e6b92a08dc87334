"""No annotation: every call of `fit` passes torch's RMSprop built in its argument list, by
keyword; `opt.lr = ...` sets an attribute torch never reads."""
import torch
from torch.optim import RMSprop


def fit(model, batches, opt, warm=2):
    for index, (inputs, targets) in enumerate(batches):
        if index == warm:
            opt.lr = 3e-3
            for param_group in opt.param_groups:
                param_group["lr"] = opt.lr
        opt.zero_grad()
        loss = ((model(inputs) - targets) ** 2).mean()
        loss.backward()
        opt.step()


head = torch.nn.Linear(6, 2)
fit(head, [(torch.randn(3, 6), torch.randn(3, 2))] * 4, opt=RMSprop(head.parameters(), lr=1e-3))
