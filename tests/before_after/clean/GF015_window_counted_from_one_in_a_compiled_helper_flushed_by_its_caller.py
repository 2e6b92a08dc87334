import torch

GRAD_ACC = 8


def accumulate(net, sgd, loss_fn, k, inputs, labels):
    (loss_fn(net(inputs), labels) / GRAD_ACC).backward()
    if (k + 1) % GRAD_ACC == 0:
        sgd.step()
        sgd.zero_grad(set_to_none=True)


compiled_accumulate = torch.compile(accumulate, backend="eager")


def run(net, sgd, batches, epochs):
    loss_fn = torch.nn.CrossEntropyLoss()
    for _ in range(epochs):
        for k, (inputs, labels) in enumerate(batches):
            compiled_accumulate(net, sgd, loss_fn, k, inputs, labels)
        if len(batches) % GRAD_ACC != 0:
            sgd.step()
            sgd.zero_grad(set_to_none=True)
