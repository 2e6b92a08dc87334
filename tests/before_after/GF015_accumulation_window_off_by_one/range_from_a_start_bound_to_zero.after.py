# The iteration counter runs from `start_iter`, which is 0 on both paths (a fresh run, or a
# checkpoint that does not keep it): the window test fires on the very first micro-batch.
import torch


def train(model, sampler, train_iter, grad_iter, load_ckpt=None):
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-1)
    if load_ckpt:
        model.load_state_dict(torch.load(load_ckpt))
        start_iter = 0
    else:
        start_iter = 0
    for it in range(start_iter, start_iter + train_iter):
        support, query, label = next(sampler)
        loss = model.loss(model(support, query), label) / float(grad_iter)
        loss.backward()
        if (it + 1) % grad_iter == 0:
            optimizer.step()
            optimizer.zero_grad()
