from timm.optim import create_optimizer_v2
from timm.scheduler import create_scheduler_v2


def finetune(backbone, head, net, batches, epochs, thaw_epoch):
    for p in backbone.parameters():
        p.requires_grad_(False)
    optimizer = create_optimizer_v2(head, "adamw", lr=3e-4, weight_decay=0.05)
    lr_sched, num_epochs = create_scheduler_v2(optimizer, "cosine", num_epochs=epochs, warmup_epochs=1)
    epoch = 0
    while epoch < num_epochs:
        if epoch == thaw_epoch:
            for p in backbone.parameters():
                p.requires_grad_(True)
            optimizer = create_optimizer_v2(net, "adamw", lr=1e-4, weight_decay=0.05)
        for inputs, labels in batches:
            optimizer.zero_grad()
            loss = net.loss(inputs, labels)
            loss.backward()
            optimizer.step()
        epoch += 1
        lr_sched.step(epoch)
